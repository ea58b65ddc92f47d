import { EventConsumer, OnEvent } from 'fw';

const computed = ['bill', 'ing'].join('');
const options = { broadcast: true } as const;

// @ts-expect-error: the decorator's type refuses both too; fwgen says why
@EventConsumer({ group: 'billing', broadcast: true })
export class Both {
  @OnEvent('order.placed')
  placed(): void {}
}

@EventConsumer({ group: computed })
export class NotLiteral {
  @OnEvent('order.placed')
  placed(): void {}
}

@EventConsumer(options)
export class NotInline {
  @OnEvent('order.placed')
  placed(): void {}
}

@EventConsumer({ group: 'order.billing' })
export class BadName {
  @OnEvent('order.placed')
  placed(): void {}
}

@EventConsumer({ ...options })
export class Spread {
  @OnEvent('order.placed')
  placed(): void {}
}

@EventConsumer({ broadcast: false, group: 'audit' })
export class Fine {
  @OnEvent('order.placed')
  placed(): void {}
}
