/** What a failure without a message from the server means to the owner: words, never a bare status code. */
export function statusInWords(status: number): string {
  if (status === 401) return 'Your session has ended. Please sign in again.';
  if (status === 403) return 'You are not allowed to do that.';
  if (status === 404) return 'It could not be found: it may have been deleted.';
  if (status === 409) return 'It conflicts with something that already exists.';
  if (status === 413) return 'That is too large to send.';
  if (status === 429) return 'Too many requests at once. Please wait a moment and try again.';
  if (status >= 500) return 'The server ran into a problem. Please try again in a moment.';
  return 'The request was refused. Please check what you entered and try again.';
}
