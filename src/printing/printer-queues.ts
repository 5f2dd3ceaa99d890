/**
 * One job at a time per printer: a receipt printer takes one connection, prints it, and only then the next
 * (a second connection meanwhile waits or is refused, by model). Jobs for one printer go out in the order
 * they were handed over, whatever their rendering took; different printers print at once.
 */
export class PrinterQueues {
  private readonly tails = new Map<number, Promise<void>>();

  run<T>(printerId: number, job: () => Promise<T>): Promise<T> {
    const before = this.tails.get(printerId) ?? Promise.resolve();
    const result = before.then(job);
    const tail = result.then(() => undefined, () => undefined);
    this.tails.set(printerId, tail);
    void tail.then(() => {
      if (this.tails.get(printerId) === tail) this.tails.delete(printerId);
    });
    return result;
  }

  /** Resolves when every job handed over so far has gone out (or failed). */
  async idle(): Promise<void> {
    while (this.tails.size > 0) await Promise.all(this.tails.values());
  }
}
