import { Button, Flex, Input, Select, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef } from 'react';
import { MESSAGE_TEMPLATES, TEMPLATE_VARIABLES, variableToken } from '#domain/templates';
import { searchableSelect } from '../../../components/forms/searchable-select';

type Props = { value?: string; onChange?: (value: string) => void; id?: string };

/** The message with its three templates and variables inserted where the cursor is. */
export function MessageEditor({ value = '', onChange, id }: Props) {
  const textArea = useRef<TextAreaRef>(null);

  const insert = (name: string) => {
    const element = textArea.current?.resizableTextArea?.textArea;
    const token = variableToken(name);
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    onChange?.(value.slice(0, start) + token + value.slice(end));
    // Put the cursor after the inserted variable once React has rendered the new text.
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  return (
    <Flex vertical gap={8}>
      <Select
        {...searchableSelect}
        placeholder="Start from a template"
        aria-label="Message template"
        options={MESSAGE_TEMPLATES.map((template) => ({ value: template.id, label: template.name }))}
        onChange={(templateId) => onChange?.(MESSAGE_TEMPLATES.find((template) => template.id === templateId)!.body)}
        style={{ maxWidth: 320 }}
      />
      <Input.TextArea id={id} ref={textArea} rows={6} value={value} onChange={(event) => onChange?.(event.target.value)} />
      <Flex gap={4} wrap align="center">
        <Typography.Text type="secondary">Insert:</Typography.Text>
        {TEMPLATE_VARIABLES.map((variable) => (
          <Button key={variable.name} size="small" onMouseDown={(event) => event.preventDefault()} onClick={() => insert(variable.name)}>
            {variable.label}
          </Button>
        ))}
      </Flex>
    </Flex>
  );
}
