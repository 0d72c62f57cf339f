import type { Order } from '@platform/contract';

/**
 * How an order is paid. Today every order is paid offline (a bank transfer, an invoice) and an
 * operator records it with its payment reference, which books it at once. Online payment will add
 * a provider: it opens a payment for an unpaid order and later confirms it through the
 * provider's signed notification, and only then is the order booked, with the provider's
 * reference as the idempotency key. No provider exists yet, and none is imitated.
 */
export interface PaymentProvider {
  readonly method: string;
  /** Opens a payment of the order: where the payer goes to pay. */
  open(order: Order): Promise<{ payUrl: string; providerRef: string }>;
  /** Checks a notification from the provider; answers the order paid, or null when it is not. */
  confirm(notification: {
    headers: Record<string, string>;
    body: Buffer;
  }): Promise<{ providerRef: string; paidFen: number } | null>;
}

/** The providers of online payment, by method: none yet. */
export const paymentProviders: readonly PaymentProvider[] = [];
