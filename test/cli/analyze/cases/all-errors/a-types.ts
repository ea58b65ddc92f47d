/** An order with a property JSON cannot hold. */
export interface Order {
  qty: number;
  total: symbol;
}
