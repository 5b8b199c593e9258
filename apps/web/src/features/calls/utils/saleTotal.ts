import type { Product } from '@shiftline/shared';

/** Quantities typed on the call page, by product id. */
export type SaleDraft = Record<number, number>;

/** The lines a draft posts: products with a quantity of at least 1, in the product list's order. */
export function saleLines(products: readonly Product[], draft: SaleDraft): { product_id: number; quantity: number }[] {
  return products
    .filter((product) => (draft[product.id] ?? 0) >= 1)
    .map((product) => ({ product_id: product.id, quantity: draft[product.id] ?? 0 }));
}

/** The draft's total in cents: each product's price times its quantity. */
export function saleTotalCents(products: readonly Product[], draft: SaleDraft): number {
  return saleLines(products, draft).reduce(
    (sum, line) => sum + line.quantity * (products.find((product) => product.id === line.product_id)?.price_cents ?? 0),
    0,
  );
}

/** A typed quantity as a whole number from 0 to 1000 (empty or unreadable is 0). */
export function parseQuantity(text: string): number {
  const value = Number.parseInt(text, 10);
  if (!Number.isFinite(value) || value < 0) return 0;
  return Math.min(1000, value);
}
