import { MenuType, type MenuAdminNode } from '@platform/contract';
import { menuNameOf } from '../menus/menuForm';

/** Parents and children of every entry of the tree, by id. */
export interface GrantIndex {
  parentOf: Map<string, string | null>;
  childrenOf: Map<string, string[]>;
}

export function indexTree(nodes: readonly MenuAdminNode[]): GrantIndex {
  const parentOf = new Map<string, string | null>();
  const childrenOf = new Map<string, string[]>();
  const walk = (list: readonly MenuAdminNode[], parent: string | null) => {
    for (const n of list) {
      parentOf.set(n.id, parent);
      childrenOf.set(
        n.id,
        n.children.map((c) => c.id),
      );
      walk(n.children, n.id);
    }
  };
  walk(nodes, null);
  return { parentOf, childrenOf };
}

function descendantsOf(index: GrantIndex, id: string): string[] {
  const kids = index.childrenOf.get(id) ?? [];
  return kids.flatMap((k) => [k, ...descendantsOf(index, k)]);
}

function ancestorsOf(index: GrantIndex, id: string): string[] {
  const out: string[] = [];
  for (let p = index.parentOf.get(id) ?? null; p !== null; p = index.parentOf.get(p) ?? null) {
    if (out.includes(p)) break;
    out.push(p);
  }
  return out;
}

/**
 * Checks or unchecks one entry. Checking grants it with its parents (an entry whose parent is not
 * granted is never shown) and everything below it; unchecking takes it and everything below it
 * away and leaves the parents.
 */
export function toggleGrant(
  index: GrantIndex,
  granted: ReadonlySet<string>,
  id: string,
  checked: boolean,
): Set<string> {
  const next = new Set(granted);
  const below = descendantsOf(index, id);
  if (checked) {
    for (const x of [id, ...below, ...ancestorsOf(index, id)]) next.add(x);
  } else {
    for (const x of [id, ...below]) next.delete(x);
  }
  return next;
}

/** Granted ids that are entries of the tree (grants of removed entries are dropped). */
export function knownGrants(index: GrantIndex, ids: readonly string[]): Set<string> {
  return new Set(ids.filter((id) => index.parentOf.has(id)));
}

export function sameGrants(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size === b.size && [...a].every((x) => b.has(x));
}

export interface GrantTreeNode {
  key: string;
  title: string;
  isButton: boolean;
  permission: string | null;
  children: GrantTreeNode[];
}

/** The tree to check, in the UI language. */
export function grantTreeData(nodes: readonly MenuAdminNode[], lang: 'zh' | 'en'): GrantTreeNode[] {
  return nodes.map((n) => ({
    key: n.id,
    title: menuNameOf(n, lang),
    isButton: n.type === MenuType.BUTTON,
    permission: n.permission,
    children: grantTreeData(n.children, lang),
  }));
}
