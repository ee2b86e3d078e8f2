import { useEffect, useRef, useState } from 'preact/hooks';
import { api, ApiError, message, optional, session } from './api';
import { recordWav, type Recording } from './wav';
import type { ChatAnswer } from './types';

/** A chat answer; a voice answer also carries what was heard. */
type ChatReply = ChatAnswer & { transcript?: string };
interface Line {
  who: 'me' | 'agent' | 'error';
  text: string;
  actions?: ChatReply['actions'];
}

/** True when the voice section of /api/ai/status names at least one available engine. */
export function voiceAvailable(status: Record<string, unknown> | null): boolean {
  const voice = status?.voice ?? status?.voice_engines;
  const anyAvailable = (v: unknown): boolean =>
    typeof v === 'object' &&
    v !== null &&
    (('available' in v && v.available === true) || Object.values(v).some(anyAvailable));
  return anyAvailable(voice);
}

/** Chat with the Home agent (Enter sends), with the outcome of each action it ran; voice when an engine exists. */
export function ChatView({ area }: { area?: string }) {
  const [lines, setLines] = useState<Line[]>([]);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [voice, setVoice] = useState(false);
  const [recording, setRecording] = useState<Recording | 'starting' | null>(null);
  const conversation = useRef<string | undefined>(undefined);
  const log = useRef<HTMLOListElement>(null);

  useEffect(() => {
    optional<Record<string, unknown>>('/api/ai/status').then(
      (s) => setVoice(voiceAvailable(s) && typeof MediaRecorder !== 'undefined'),
      () => setVoice(false),
    );
  }, []);
  useEffect(() => log.current?.lastElementChild?.scrollIntoView({ block: 'nearest' }), [lines]);
  // Leaving the chat while recording closes the microphone.
  const open = useRef<Recording | null>(null);
  useEffect(() => () => open.current?.cancel(), []);

  const answer = (r: ChatReply) => {
    conversation.current = r.conversation_id;
    setLines((l) => [
      ...l,
      ...(r.transcript ? [{ who: 'me' as const, text: `🎤 ${r.transcript}` }] : []),
      { who: 'agent', text: r.reply, actions: r.actions },
    ]);
  };

  const send = async (ev: Event) => {
    ev.preventDefault();
    const said = text.trim();
    if (!said || busy) return;
    setText('');
    setLines((l) => [...l, { who: 'me', text: said }]);
    setBusy(true);
    try {
      answer(
        await api<ChatReply>('POST', '/api/ai/chat', {
          text: said,
          ...(conversation.current ? { conversation_id: conversation.current } : {}),
          ...(area ? { area } : {}),
        }),
      );
    } catch (err) {
      setLines((l) => [...l, { who: 'error', text: message(err) }]);
    } finally {
      setBusy(false);
    }
  };

  const toggleMic = async () => {
    if (recording === 'starting') return;
    if (recording) {
      const rec = recording;
      open.current = null;
      setRecording(null);
      setBusy(true);
      try {
        const wav = await rec.stop();
        const res = await fetch('/api/ai/voice', {
          method: 'POST',
          headers: { 'content-type': 'audio/wav', authorization: `Bearer ${session.token}` },
          body: wav,
        });
        const data = (await res.json().catch(() => null)) as
          (ChatReply & { error?: { code?: string; message?: string } }) | null;
        if (!res.ok || !data)
          throw new ApiError(
            res.status,
            data?.error?.code ?? 'VOICE',
            data?.error?.message ?? `Voice failed (${res.status}).`,
          );
        answer(data);
      } catch (err) {
        setLines((l) => [...l, { who: 'error', text: message(err) }]);
      } finally {
        setBusy(false);
      }
      return;
    }
    try {
      setRecording('starting');
      const rec = await recordWav();
      open.current = rec;
      setRecording(rec);
    } catch (err) {
      setRecording(null);
      const text =
        err instanceof DOMException && err.name === 'NotAllowedError'
          ? 'The microphone was not allowed. Allow it in the browser (the icon by the address) and try again.'
          : err instanceof DOMException && err.name === 'NotFoundError'
            ? 'No microphone was found on this device.'
            : message(err);
      setLines((l) => [...l, { who: 'error', text: `Microphone: ${text}` }]);
    }
  };

  return (
    <section class="chat page" aria-label="Chat with the Home agent">
      <h2>Chat</h2>
      <ol class="chat-log" ref={log} aria-live="polite">
        {lines.length === 0 && (
          <li class="hint">Try “turn on the kitchen light” or “is the front door locked?”</li>
        )}
        {lines.map((l, i) => (
          <li key={i} class={l.who}>
            <p>{l.text}</p>
            {l.actions && l.actions.length > 0 && (
              <ul class="chat-actions">
                {l.actions.map((a) => (
                  <li key={a.entity_id + a.action} class={`outcome ${a.outcome}`}>
                    {a.entity_id} · {a.action}: {a.outcome}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
      <form class="chat-input" onSubmit={send}>
        <label for="chat-text" class="sr-only">
          Message
        </label>
        <input
          id="chat-text"
          aria-label="Message"
          placeholder="Ask or tell the home…"
          maxLength={500}
          autocomplete="off"
          value={text}
          onInput={(e) => setText(e.currentTarget.value)}
        />
        <button type="submit" class="primary" disabled={busy || !text.trim()}>
          Send
        </button>
        {voice && (
          <button
            type="button"
            aria-pressed={recording !== null && recording !== 'starting'}
            aria-label={recording && recording !== 'starting' ? 'Stop recording and send' : 'Speak a command'}
            onClick={toggleMic}
            disabled={recording === 'starting' || (busy && !recording)}
          >
            {recording && recording !== 'starting' ? '■' : '🎤'}
          </button>
        )}
      </form>
    </section>
  );
}
