import { useEffect, useState } from 'preact/hooks';

/**
 * Loads a module on first use, so the editors (larger than the pages that open them) stay out
 * of the initial download. Null until it has arrived; a failed load is retried next time.
 */
export function useModule<T>(load: () => Promise<T>): { module: T | null; error: string | null } {
  const [state, setState] = useState<{ module: T | null; error: string | null }>({
    module: null,
    error: null,
  });
  useEffect(() => {
    let live = true;
    load().then(
      (module) => live && setState({ module, error: null }),
      (err: unknown) =>
        live &&
        setState({
          module: null,
          error: `Could not load this part of the page (${String(err)}). Reload to try again.`,
        }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
