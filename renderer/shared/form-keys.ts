/**
 * The keyboard of the list-and-form screens (customers, products, webhooks), one behaviour everywhere: in
 * a form Esc closes it and Ctrl+Enter (⌘+Enter) saves from any field; in a list of buttons ↑/↓ move to
 * the neighbour, which Enter then opens.
 */
import type { KeyboardEvent } from 'react';

export function formKeys(close: () => void, save: () => unknown) {
  return (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
    } else if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void save();
    }
  };
}

export function moveInList(e: KeyboardEvent<HTMLElement>): void {
  if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
  e.preventDefault();
  const buttons = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('button')];
  const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
  buttons[Math.min(buttons.length - 1, Math.max(0, index + (e.key === 'ArrowDown' ? 1 : -1)))]?.focus();
}
