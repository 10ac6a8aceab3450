import type { Rule } from 'antd/es/form';
import type { ObjectSchema, Schema } from '#domain/rules';

/**
 * A rule's message as antd shows it: antd fills `${name}` placeholders in rule messages with the
 * rule's own values, so the message templates' `${reviewLink}` would read "undefined" unescaped.
 */
export const ruleError = (message: string | undefined) => new Error(message?.replace(/\$\{/g, '\\${'));

/**
 * An antd form rule backed by a field of a shared schema, so the browser shows exactly the
 * messages the server would answer. `toValue` adapts widget values (e.g. a dayjs date).
 */
export function zodRule<S extends ObjectSchema>(schema: S, field: keyof S['shape'] & string, toValue?: (value: unknown) => unknown): Rule {
  const fieldSchema = schema.shape[field] as Schema;
  return {
    validator: async (_rule, value) => {
      const result = fieldSchema.safeParse(toValue ? toValue(value) : (value ?? ''));
      if (!result.success) throw ruleError(result.error.issues[0]?.message);
    },
  };
}
