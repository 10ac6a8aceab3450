import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TagsInput } from '../../src/components/forms/TagsInput';

function Harness({ initial = [] as string[] }) {
  const [tags, setTags] = useState(initial);
  return (
    <>
      <TagsInput value={tags} onChange={setTags} id="tags" />
      <output data-testid="value">{JSON.stringify(tags)}</output>
    </>
  );
}

const value = () => JSON.parse(screen.getByTestId('value').textContent!) as string[];

describe('tags input', () => {
  it('adds a trimmed tag on Enter, ignores duplicates and blanks, and counts them', () => {
    render(<Harness />);
    const input = screen.getByRole('textbox');
    for (const typed of ['  vip  ', 'vip', '   ', 'newsletter']) {
      fireEvent.change(input, { target: { value: typed } });
      fireEvent.keyDown(input, { key: 'Enter' });
    }
    expect(value()).toEqual(['vip', 'newsletter']);
    expect(screen.getByText('2 of 50 tags used')).toBeInTheDocument();
    expect(input).toHaveValue('');
  });

  it('removes the last tag on Backspace only when the input is empty', () => {
    render(<Harness initial={['a', 'b']} />);
    const input = screen.getByRole('textbox');
    fireEvent.change(input, { target: { value: 'x' } });
    fireEvent.keyDown(input, { key: 'Backspace' });
    expect(value()).toEqual(['a', 'b']);
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.keyDown(input, { key: 'Backspace' });
    expect(value()).toEqual(['a']);
  });

  it('stops at 50 tags', () => {
    render(<Harness initial={Array.from({ length: 50 }, (_, i) => `t${i}`)} />);
    expect(screen.getByText('50 of 50 tags used')).toBeInTheDocument();
    expect(screen.getByRole('textbox')).toBeDisabled();
  });
});
