/**
 * A min-heap of items by due time (ties in insertion order), so a flood of pending work needs
 * one timer for the earliest deadline instead of one timer per item.
 */
export class DeadlineQueue<T> {
  private heap: { due: number; seq: number; item: T }[] = [];
  private seq = 0;

  get size(): number {
    return this.heap.length;
  }

  push(item: T, due: number): void {
    this.heap.push({ due, seq: this.seq++, item });
    this.up(this.heap.length - 1);
  }

  /** The earliest entry, without removing it. */
  peek(): { due: number; item: T } | undefined {
    return this.heap[0];
  }

  pop(): { due: number; item: T } | undefined {
    const top = this.heap[0];
    const last = this.heap.pop();
    if (top && last && top !== last) {
      this.heap[0] = last;
      this.down(0);
    }
    return top;
  }

  /** Drops every entry `keep` rejects, in O(n). */
  filter(keep: (item: T) => boolean): void {
    this.heap = this.heap.filter((e) => keep(e.item));
    for (let i = (this.heap.length >> 1) - 1; i >= 0; i--) this.down(i);
  }

  clear(): void {
    this.heap = [];
  }

  private before(a: number, b: number): boolean {
    const x = this.heap[a]!;
    const y = this.heap[b]!;
    return x.due < y.due || (x.due === y.due && x.seq < y.seq);
  }

  private swap(a: number, b: number) {
    const t = this.heap[a]!;
    this.heap[a] = this.heap[b]!;
    this.heap[b] = t;
  }

  private up(i: number) {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(i, parent)) return;
      this.swap(i, parent);
      i = parent;
    }
  }

  private down(i: number) {
    const n = this.heap.length;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < n && this.before(l, m)) m = l;
      if (r < n && this.before(r, m)) m = r;
      if (m === i) return;
      this.swap(i, m);
      i = m;
    }
  }
}
