/** The server's source of time; tests pass a fixed one (architecture: time is injected). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export const fixedClock = (at: Date): Clock => ({ now: () => new Date(at.getTime()) });
