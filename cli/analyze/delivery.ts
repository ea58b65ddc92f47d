/**
 * An `@EventConsumer`'s options: `{ group: 'billing' }` (its instances share messages with the
 * other instances of that group) or `{ broadcast: true }` (every instance receives every message),
 * each written as a literal, and not both (FW0110).
 */
import { ts } from 'ts-morph';
import type { ConsumerDelivery } from '../ir.js';
import type { FwDecoratorUse } from './framework.js';
import { literalString } from './route-path.js';
import type { Scope } from './scope.js';
import { typeText } from './type-syntax.js';

// A NATS consumer name may hold none of these, and RabbitMQ keeps `amq.` for itself.
const BAD_GROUP = /[\s.*>/\\]/;

/**
 * The delivery `@EventConsumer(…)` declares: undefined for the app's group (no options, or
 * `broadcast: false`), or when an option was reported (FW0110). Other decorators have none.
 */
export function deliveryOf(
  scope: Scope,
  use: FwDecoratorUse,
  className: string,
): ConsumerDelivery | undefined {
  const arg = use.args[0];
  if (use.name !== 'EventConsumer' || arg === undefined) return undefined;
  const where = `@EventConsumer on ${className}`;
  if (!ts.isObjectLiteralExpression(arg)) {
    const message = `the options of ${where} are not an object literal; write them inline, e.g. \`@EventConsumer({ broadcast: true })\` or \`@EventConsumer({ group: 'billing' })\``;
    scope.report('FW0110', arg, message);
    return undefined;
  }
  let group: string | undefined;
  let broadcast: boolean | undefined;
  let reported = false;
  const report = (node: ts.Node, message: string) => {
    scope.report('FW0110', node, `${where}: ${message}`);
    reported = true;
  };
  for (const p of arg.properties) {
    const key = ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) ? p.name.text : undefined;
    if (key === 'group' && ts.isPropertyAssignment(p)) {
      group = groupName(scope, p.initializer, report);
    } else if (key === 'broadcast' && ts.isPropertyAssignment(p)) {
      broadcast = flag(scope, p.initializer, report);
    } else {
      report(
        p,
        `fwgen reads only \`group: '…'\` and \`broadcast: true\`, each written as \`name: value\`; found \`${p.getText()}\``,
      );
    }
  }
  if (group !== undefined && broadcast === true) {
    report(
      arg,
      `\`group\` and \`broadcast: true\` together: a broadcast consumer has no group, as every instance receives every message; keep one of them`,
    );
  }
  if (reported) return undefined;
  if (broadcast === true) return { kind: 'broadcast' };
  return group === undefined ? undefined : { kind: 'group', group };
}

type Report = (node: ts.Node, message: string) => void;

function groupName(scope: Scope, value: ts.Expression, report: Report): string | undefined {
  const text = literalString(scope.checker, value);
  if (text === undefined) {
    const found = typeText(scope.checker, scope.checker.getTypeAtLocation(value));
    report(
      value,
      `\`group\` is not a string literal (its type is '${found}'); fwgen reads it from the source: write it inline, e.g. \`group: 'billing'\`, or use a \`const\` with a literal value`,
    );
    return undefined;
  }
  if (text === '' || BAD_GROUP.test(text) || text.startsWith('amq.')) {
    report(
      value,
      `group '${text}' cannot name a queue or a JetStream consumer; use a non-empty name without whitespace, '.', '*', '>', '/' or '\\', e.g. 'billing'`,
    );
    return undefined;
  }
  return text;
}

function flag(scope: Scope, value: ts.Expression, report: Report): boolean | undefined {
  const type = scope.checker.getTypeAtLocation(value);
  const found = typeText(scope.checker, type);
  if (type.flags & ts.TypeFlags.BooleanLiteral) return found === 'true';
  report(
    value,
    `\`broadcast\` is not \`true\` or \`false\` as written (its type is '${found}'); fwgen reads it from the source: write \`broadcast: true\``,
  );
  return undefined;
}
