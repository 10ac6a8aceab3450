import { fireEvent, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/** Opens an antd Select (its `.ant-select` element) in jsdom and clicks the option with exactly this text. */
export async function clickSelectOption(select: Element, option: string) {
  fireEvent.mouseDown(select.querySelector('.ant-select-selector')!);
  const match = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find(
      (item) => item.textContent === option,
    );
    expect(found).toBeTruthy();
    return found!;
  });
  fireEvent.click(match);
}
