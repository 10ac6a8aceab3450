import { Flex, Input, Tag, Typography } from 'antd';
import { useState, type KeyboardEvent } from 'react';
import { limits } from '#domain/messages';

type Props = { value?: string[]; onChange?: (tags: string[]) => void; id?: string };

/**
 * Enter adds the trimmed tag (duplicates ignored), Backspace on an empty input removes the last.
 * A tag typed but not confirmed is added when the input loses focus, as it does when the form is
 * submitted: it is never dropped silently.
 */
export function TagsInput({ value = [], onChange, id }: Props) {
  const [draft, setDraft] = useState('');
  const full = value.length >= limits.tagsMax;

  const addDraft = () => {
    const tag = draft.trim();
    if (tag && !full && !value.includes(tag)) onChange?.([...value, tag]);
    setDraft('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      // Enter must not submit the surrounding form.
      event.preventDefault();
      addDraft();
    } else if (event.key === 'Backspace' && draft === '' && value.length > 0) {
      onChange?.(value.slice(0, -1));
    }
  };

  return (
    <Flex vertical gap={6}>
      {value.length > 0 && (
        <Flex wrap gap={4} data-testid="tags">
          {value.map((tag) => (
            <Tag key={tag} closable onClose={() => onChange?.(value.filter((other) => other !== tag))}>
              {tag}
            </Tag>
          ))}
        </Flex>
      )}
      <Input
        id={id}
        value={draft}
        disabled={full}
        placeholder={full ? 'Tag limit reached' : 'Type a tag and press Enter'}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={addDraft}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {value.length} of {limits.tagsMax} tags used
      </Typography.Text>
    </Flex>
  );
}
