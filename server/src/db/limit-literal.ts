import {
  LimitNode,
  OperationNodeTransformer,
  ValueNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

/**
 * Writes a whole-number LIMIT into the SQL instead of binding it (`limit 20`, not `limit ?`).
 *
 * SQLite's planner may use a LIMIT's value, so a statement whose LIMIT is a bound parameter is
 * compiled again every time it runs with a value bound, kept statement or not. Seen in a profile of
 * `bench/read.mjs`: the session lookup (`limit ?` with 1) took 20 µs instead of 4 and a page of
 * proofs 53 µs instead of 46, both in `sqlite3Reprepare`. Written in, each LIMIT value is a
 * statement of its own, prepared once and kept by the statement cache. SQLite's only (PostgreSQL
 * plans a bound LIMIT once per statement).
 */
export class LimitLiteralPlugin implements KyselyPlugin {
  private readonly transformer = new LimitLiteralTransformer();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.transformer.transformNode(args.node, args.queryId);
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}

class LimitLiteralTransformer extends OperationNodeTransformer {
  protected override transformLimit(node: LimitNode, queryId?: QueryId): LimitNode {
    const { limit } = node;
    if (ValueNode.is(limit) && !limit.immediate && Number.isSafeInteger(limit.value)) {
      return LimitNode.create(ValueNode.createImmediate(limit.value));
    }
    return super.transformLimit(node, queryId);
  }
}
