/**
 * jsdom has no canvas: tests replace signature_pad with this stand-in, where `draw()` plays a stroke
 * (not a test file itself).
 */
export class FakeSignaturePad {
  static last: FakeSignaturePad | null = null;
  private listeners = new Map<string, () => void>();
  private drawn = false;

  constructor() {
    FakeSignaturePad.last = this;
  }

  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, listener);
  }
  removeEventListener(type: string) {
    this.listeners.delete(type);
  }
  isEmpty() {
    return !this.drawn;
  }
  clear() {
    this.drawn = false;
  }
  toData() {
    return [];
  }
  fromData() {}
  off() {}
  toDataURL() {
    return 'data:image/png;base64,iVBORw0KGgo=';
  }
  /** A stroke ends on the pad. */
  draw() {
    this.drawn = true;
    this.listeners.get('endStroke')?.();
  }
}
