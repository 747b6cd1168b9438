// A tab of the construction page that follows the grid: drawn when shown, and again
// shortly after each change while it is shown. A subclass draws in `refresh`.

export class Tab {
  constructor(delay) {
    this.delay = delay; // ms from the last change to the redraw
    this.visible = false;
    this.timer = null;
  }

  show(visible) {
    this.visible = visible;
    if (visible) this.refresh();
  }

  schedule() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.refresh(), this.delay);
  }
}
