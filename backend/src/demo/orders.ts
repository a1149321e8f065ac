// Placed orders, in memory, numbered from 1001 in the order they are placed (so runs are
// predictable). The cart arrives from the browser as JSON and is checked against the catalog.
import { findProduct, type Product } from './catalog.js';

export interface OrderLine {
  product: Product;
  quantity: number;
}

export interface Order {
  number: number;
  email: string;
  name: string;
  country: string;
  lines: OrderLine[];
  total: number;
  /** Whether the confirmation page has told the browser to empty its cart yet. */
  cartCleared: boolean;
}

const MAX_LINES = 50;
const MAX_QUANTITY = 99;

/** The cart the browser keeps in localStorage (`[{"id":"blue-mug","quantity":2}]`); null when malformed. */
export function parseCart(json: string): OrderLine[] | null {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length > MAX_LINES) return null;
  const lines: OrderLine[] = [];
  for (const item of value) {
    const { id, quantity } = (item ?? {}) as { id?: unknown; quantity?: unknown };
    const product = typeof id === 'string' ? findProduct(id) : undefined;
    if (!product || !Number.isInteger(quantity) || (quantity as number) < 1 || (quantity as number) > MAX_QUANTITY)
      return null;
    const existing = lines.find((l) => l.product.id === product.id);
    if (existing) existing.quantity = Math.min(MAX_QUANTITY, existing.quantity + (quantity as number));
    else lines.push({ product, quantity: quantity as number });
  }
  return lines;
}

export function orderTotal(lines: readonly OrderLine[]): number {
  return lines.reduce((sum, l) => sum + l.product.price * l.quantity, 0);
}

export class OrderStore {
  private nextNumber = 1001;
  private readonly orders = new Map<number, Order>();

  place(order: { email: string; name: string; country: string; lines: OrderLine[] }): Order {
    const placed: Order = { ...order, number: this.nextNumber++, total: orderTotal(order.lines), cartCleared: false };
    this.orders.set(placed.number, placed);
    return placed;
  }

  get(number: number): Order | null {
    return this.orders.get(number) ?? null;
  }

  byEmail(email: string): Order[] {
    return [...this.orders.values()].filter((o) => o.email === email);
  }
}
