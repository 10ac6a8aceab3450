import type { Clock } from '../../server/lib/clock';

/** A clock that stands still until a test moves it: lifetimes are tested without waiting or racing. */
export class ManualClock implements Clock {
  private time: number;

  constructor(start = new Date()) {
    this.time = start.getTime();
  }

  now() {
    return new Date(this.time);
  }

  advance(ms: number) {
    this.time += ms;
  }
}
