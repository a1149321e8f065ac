// What the demo shop sells, and where it ships. Prices are whole euros.

export interface Product {
  id: string;
  name: string;
  price: number;
}

export const PRODUCTS: readonly Product[] = [
  { id: 'blue-mug', name: 'Blue mug', price: 12 },
  { id: 'red-kettle', name: 'Red kettle', price: 35 },
  { id: 'green-teapot', name: 'Green teapot', price: 24 },
  { id: 'black-cup', name: 'Black cup', price: 8 },
];

export const COUNTRIES: readonly string[] = ['Sweden', 'Norway', 'Denmark', 'Finland'];

export function findProduct(id: string): Product | undefined {
  return PRODUCTS.find((p) => p.id === id);
}

export function formatPrice(euros: number): string {
  return `${euros} €`;
}
