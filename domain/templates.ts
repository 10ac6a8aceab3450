import { GENDER_LABELS, parseTags, type Contact } from './contacts';

/** Message templates: the variables a message may use and the renderer shared by the wizard's preview and delivery. */

export const TEMPLATE_VARIABLES = [
  { name: 'firstName', label: 'First name' },
  { name: 'lastName', label: 'Last name' },
  { name: 'email', label: 'Email' },
  { name: 'phoneNumber', label: 'Phone number' },
  { name: 'birthDate', label: 'Birth date' },
  { name: 'gender', label: 'Gender' },
  { name: 'tags', label: 'Tags' },
  { name: 'businessName', label: 'Business name' },
  { name: 'reviewLink', label: 'Review link' },
] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number]['name'];
const TEMPLATE_VARIABLE_NAMES = new Set<string>(TEMPLATE_VARIABLES.map((variable) => variable.name));

/** How a variable is written in a message: `${firstName}`. */
export const variableToken = (name: string) => '${' + name + '}';

// Anything between `${` and `}`, so a misspelt `${first name}` is reported instead of sent as it is.
const VARIABLE_PATTERN = /\$\{([^{}]*)\}/g;

/** The variable names a template uses, each once, in order of first use (trimmed of spaces). */
export function templateVariables(template: string): string[] {
  const names = new Set<string>();
  for (const match of template.matchAll(VARIABLE_PATTERN)) names.add(match[1]!.trim());
  return [...names];
}

export const unknownTemplateVariables = (template: string): string[] =>
  templateVariables(template).filter((name) => !TEMPLATE_VARIABLE_NAMES.has(name));

export const usesTemplateVariable = (template: string | null | undefined, name: TemplateVariable) =>
  Boolean(template) && templateVariables(template!).includes(name);

/** What a template may say of a contact: the fields delivery selects for every recipient. */
export type TemplateContact = Pick<Contact, 'firstName' | 'lastName' | 'email' | 'phoneNumber' | 'birthDate' | 'gender' | 'tags'>;

export type TemplateContext = {
  contact: TemplateContact;
  business: { name: string; reviewLink: string | null };
};

const dottedDate = (isoDate: string) => {
  const [year, month, day] = isoDate.slice(0, 10).split('-');
  return `${day}.${month}.${year}`;
};

function variableValue(name: string, { contact, business }: TemplateContext): string | undefined {
  switch (name) {
    // What a contact does not have is left out (an imported contact may lack any of these).
    case 'firstName':
    case 'lastName':
    case 'email':
    case 'phoneNumber':
      return contact[name] ?? '';
    case 'birthDate':
      return contact.birthDate ? dottedDate(contact.birthDate) : '';
    case 'gender':
      return GENDER_LABELS[contact.gender];
    case 'tags':
      return parseTags(contact.tags).join(', ');
    case 'businessName':
      return business.name;
    case 'reviewLink':
      return business.reviewLink ?? '';
    default:
      return undefined;
  }
}

// A variable with the separator before it (", " or spaces): an empty value takes it along.
const VARIABLE_WITH_SEPARATOR = /(,?[ \t]+)?\$\{([^{}]*)\}/g;

/**
 * The message one contact receives; an unknown variable is left as written (validation refuses
 * those). A value the contact lacks is left out with the comma or space before it, so a customer
 * without a first name is greeted "Hi, thanks…" and asked "How was your visit?".
 */
export const renderMessage = (template: string, context: TemplateContext): string =>
  template.replace(VARIABLE_WITH_SEPARATOR, (token, separator: string | undefined, name: string) => {
    const value = variableValue(name.trim(), context);
    if (value === undefined) return token;
    return value === '' ? '' : `${separator ?? ''}${value}`;
  });

/** The hard-coded templates of the setup form. */
export const MESSAGE_TEMPLATES = [
  {
    id: 'ask-for-review',
    name: 'Ask for a Review',
    body: 'Hi ${firstName}, thank you for choosing ${businessName}! Would you take a minute to tell others about your visit? ${reviewLink}',
  },
  {
    id: 'thank-you-for-visiting',
    name: 'Thank you for visiting',
    body: 'Hi ${firstName}, thank you for visiting ${businessName}. It was a pleasure to have you, and we look forward to seeing you again soon!',
  },
  {
    id: 'special-offer',
    name: 'Special offer',
    body: 'Hi ${firstName}, as a valued customer of ${businessName} you get 10% off your next visit. Just show this message when you come in.',
  },
] as const;
