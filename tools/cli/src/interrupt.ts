/**
 * Ctrl-C (SIGINT) while an import or export runs. The first one is caught: the command asks the
 * server to cancel the job it started and says how that ended. The handler is let go at once, so
 * a second Ctrl-C ends the process as Node does (exit 130) for someone who will not wait.
 */
export class Interrupt {
  private asked = false;
  private readonly waiting: (() => void)[] = [];
  private readonly listener = () => {
    this.asked = true;
    for (const wake of this.waiting.splice(0)) wake();
  };

  constructor(private readonly source: NodeJS.EventEmitter = process) {
    source.once('SIGINT', this.listener);
  }

  /** Whether Ctrl-C was pressed. */
  get requested(): boolean {
    return this.asked;
  }

  /** Resolves when Ctrl-C is pressed (at once if it was). */
  whenRequested(): Promise<void> {
    return this.asked ? Promise.resolve() : new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Stops listening: Ctrl-C is Node's again. */
  dispose(): void {
    this.source.off('SIGINT', this.listener);
  }
}

/** The exit code of a command stopped by Ctrl-C (128 + SIGINT), as a shell reports one killed by it. */
export const INTERRUPTED_EXIT = 130;
