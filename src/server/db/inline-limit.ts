import {
  type KyselyPlugin,
  LimitNode,
  OperationNodeTransformer,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  ValueNode,
} from 'kysely';

/** At most this many rows is written into the SQL; a larger limit (rare, e.g. an export) stays a parameter. */
const MAX_INLINED = 10_000;

class InlineLimits extends OperationNodeTransformer {
  protected override transformLimit(node: LimitNode): LimitNode {
    const limit = node.limit;
    if (
      ValueNode.is(limit) &&
      !limit.immediate &&
      typeof limit.value === 'number' &&
      Number.isSafeInteger(limit.value) &&
      limit.value >= 0 &&
      limit.value <= MAX_INLINED
    ) {
      return LimitNode.create(ValueNode.createImmediate(limit.value));
    }
    return super.transformLimit(node);
  }
}

/**
 * SQLite only: writes a query's `LIMIT` into its SQL as a number (`limit 21`) instead of a parameter (`limit ?`).
 *
 * SQLite (3.45 and later) reads the value bound to `LIMIT ?` while it plans the statement, and so marks the statement
 * to be planned again whenever that parameter is bound: every run of a kept statement with `LIMIT ?` parsed and
 * planned its SQL again (a fifth of the product list's read, measured with perf: `sqlite3Reprepare` under
 * `sqlite3_step`), which made the connection's statement cache worthless for every paged read. With the number
 * in the SQL the statement is planned once per limit; the shop's limits are few (a page size and its look-ahead
 * row), so the statement cache holds one statement per page size. Only safe integers are written, as digits.
 * docs/decisions/007, "Cache off".
 */
export class InlineLimitPlugin implements KyselyPlugin {
  readonly #transformer = new InlineLimits();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node, args.queryId);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
