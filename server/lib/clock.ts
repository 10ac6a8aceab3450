/** Where the server reads the time for session lifetimes; tests pass a clock they move by hand. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };
