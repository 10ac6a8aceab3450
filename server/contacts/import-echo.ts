/** The most characters of a cell a message repeats: a 1 MB cell must not make a 1 MB answer. */
export const ECHO_MAX = 100;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** A cell's text as a message quotes it: control characters shown as �, cut after ECHO_MAX characters. */
export function echo(text: string): string {
  const shown = text.length > ECHO_MAX ? `${text.slice(0, ECHO_MAX)}…` : text;
  return shown.replace(CONTROL_CHARACTERS, '\uFFFD');
}
