/** A count with its noun: "1 source", "3 sources", "1 knowledge base"; `many` for an irregular plural. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString()} ${count === 1 ? one : many}`;
}
