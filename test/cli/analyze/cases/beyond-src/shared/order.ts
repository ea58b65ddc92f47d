/** An order, declared outside the controllers' folder. */
export interface Order {
  id: number;
  /** Where it goes. */
  city: string;
}
