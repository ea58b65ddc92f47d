// What the graph sample (samples/graph.expected.ts) creates: long names, whose lines stay whole.
import { provider } from 'fw';

export interface ApplicationConfiguration {
  readonly databaseUrl: string;
}

export interface DatabaseConnectionPool {
  readonly url: string;
}

export const applicationConfiguration = provider(
  (): ApplicationConfiguration => ({ databaseUrl: 'memory://' }),
);

export const databaseConnectionPoolProvider = provider(
  async (c: ApplicationConfiguration): Promise<DatabaseConnectionPool> => ({ url: c.databaseUrl }),
);

export class CustomerRepository {
  constructor(pool: DatabaseConnectionPool) {
    void pool;
  }
}

export class InvoiceRepository {
  constructor(pool: DatabaseConnectionPool) {
    void pool;
  }
}

export class SubscriptionBillingService {
  constructor(customers: CustomerRepository, invoices: InvoiceRepository) {
    void [customers, invoices];
  }
}

export class NotificationDispatchService {
  constructor(
    customers: CustomerRepository,
    invoices: InvoiceRepository,
    billing: SubscriptionBillingService,
    clock?: unknown,
    configuration?: ApplicationConfiguration,
  ) {
    void [customers, invoices, billing, clock, configuration];
  }
}
