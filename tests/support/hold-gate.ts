/**
 * Lets a loopback test server (SMTP sink, fake Twilio) hold the messages it receives, unanswered,
 * until the test releases them: a test acts while a batch is in flight (pause, cancel, an
 * unsubscribe, a shutdown) instead of racing the worker's clock.
 */
export class HoldGate {
  private holding = false;
  private readonly waiting: Array<() => void> = [];
  private readonly watchers = new Set<() => void>();

  /** From now on, every message waits for `release()`. */
  hold() {
    this.holding = true;
  }

  /** Answers every held message and stops holding. */
  release() {
    this.holding = false;
    for (const answer of this.waiting.splice(0)) answer();
  }

  get held() {
    return this.waiting.length;
  }

  /** The server calls this with the answer to a message: sent now, or when released. */
  pass(answer: () => void) {
    if (!this.holding) return answer();
    this.waiting.push(answer);
    for (const watcher of this.watchers) watcher();
  }

  /** Resolves once `count` messages are held; fails loudly if they do not arrive. */
  whenHeld(count: number, timeoutMs = 30_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (this.waiting.length < count) return;
        this.watchers.delete(check);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.watchers.delete(check);
        reject(new Error(`${this.waiting.length} messages held after ${timeoutMs} ms, expected ${count}`));
      }, timeoutMs);
      this.watchers.add(check);
      check();
    });
  }
}
