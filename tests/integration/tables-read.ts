import { AliasNode, type KyselyPlugin, SelectQueryNode, TableNode } from 'kysely';

/** A Kysely plugin that notes the table of every SELECT run through it (what a piece of code reads). */
export function tablesRead(read: string[]): KyselyPlugin {
  return {
    transformQuery({ node }) {
      if (SelectQueryNode.is(node)) {
        for (const from of node.from?.froms ?? []) {
          const table = AliasNode.is(from) ? from.node : from;
          if (TableNode.is(table)) read.push(table.table.identifier.name);
        }
      }
      return node;
    },
    async transformResult({ result }) {
      return result;
    },
  };
}
