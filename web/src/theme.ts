/** Light, dark, or as the device says; kept on this device (localStorage), applied before the first paint. */
export type Theme = 'system' | 'light' | 'dark';
const KEY = 'hearth.theme';

export function savedTheme(): Theme {
  const t = localStorage.getItem(KEY);
  return t === 'light' || t === 'dark' ? t : 'system';
}

export function applyTheme(theme: Theme = savedTheme()) {
  if (theme === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
}

export function setTheme(theme: Theme) {
  if (theme === 'system') localStorage.removeItem(KEY);
  else localStorage.setItem(KEY, theme);
  applyTheme(theme);
}
