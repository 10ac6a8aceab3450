import { useRef, type FocusEvent } from 'react';

/**
 * Focus handlers for an element a click focuses too: `onKeyboardFocus` runs when it takes focus
 * itself (not a child) other than by a click (the contacts grid: a click puts the cursor on its row instead).
 */
export function useKeyboardFocus(onKeyboardFocus: () => void) {
  const pointerDown = useRef(false);
  const onMouseDown = () => {
    pointerDown.current = true;
  };
  const onMouseUp = () => {
    pointerDown.current = false;
  };
  const onFocus = (event: FocusEvent<HTMLElement>) => {
    if (event.target !== event.currentTarget) return;
    const byPointer = pointerDown.current;
    pointerDown.current = false;
    if (!byPointer) onKeyboardFocus();
  };
  return { onFocus, onMouseDown, onMouseUp };
}
