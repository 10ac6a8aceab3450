/** "1 contact", "3 contacts", "2 visits were": a count with its noun (and verb) in the number it takes. */
export const counted = (count: number, one: string, many = `${one}s`) => `${count.toLocaleString('en')} ${count === 1 ? one : many}`;
