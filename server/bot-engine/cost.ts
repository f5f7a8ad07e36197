/**
 * What a reply cost, estimated from the model's list price. The one place prices live: a model
 * missing here (a local server's model, a new one) costs `null`, "unknown", never a guess.
 *
 * USD per million tokens, standard (non-batch, uncached) list prices of OpenAI's API as published
 * on openai.com/api/pricing; update them here when they change.
 */
export interface ModelPrice {
  inputPerMillion: number;
  outputPerMillion: number;
}

export const modelPrices: Readonly<Record<string, ModelPrice>> = {
  'gpt-5': { inputPerMillion: 1.25, outputPerMillion: 10 },
  'gpt-5-mini': { inputPerMillion: 0.25, outputPerMillion: 2 },
  'gpt-5-nano': { inputPerMillion: 0.05, outputPerMillion: 0.4 },
  'gpt-4.1': { inputPerMillion: 2, outputPerMillion: 8 },
  'gpt-4.1-mini': { inputPerMillion: 0.4, outputPerMillion: 1.6 },
  'gpt-4.1-nano': { inputPerMillion: 0.1, outputPerMillion: 0.4 },
  'gpt-4o': { inputPerMillion: 2.5, outputPerMillion: 10 },
  'gpt-4o-mini': { inputPerMillion: 0.15, outputPerMillion: 0.6 },
  'o4-mini': { inputPerMillion: 1.1, outputPerMillion: 4.4 },
  'gpt-3.5-turbo': { inputPerMillion: 0.5, outputPerMillion: 1.5 },
};

/**
 * The price entry of a model name as servers report it: case-insensitive, without a router's
 * `openai/` prefix and without a dated snapshot suffix (`gpt-4o-mini-2024-07-18` → `gpt-4o-mini`).
 */
export function priceOf(model: string): ModelPrice | null {
  const name = model
    .trim()
    .toLowerCase()
    .replace(/^openai\//, '')
    .replace(/-\d{4}-\d{2}-\d{2}$/, '');
  return Object.hasOwn(modelPrices, name) ? modelPrices[name] : null;
}

/** Estimated USD for one call, or null when the model's price is unknown. */
export function estimateCostUsd(model: string, promptTokens: number, completionTokens: number): number | null {
  const price = priceOf(model);
  if (!price) return null;
  const usd = (promptTokens * price.inputPerMillion + completionTokens * price.outputPerMillion) / 1_000_000;
  // Whole micro-dollars: no float noise in stored figures and sums.
  return Math.round(usd * 1_000_000) / 1_000_000;
}
