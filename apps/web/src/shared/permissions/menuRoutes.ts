import {
  LinkType,
  MenuType,
  parseCustomFields,
  parseMenuUrl,
  topIndexOf,
  type MenuNode,
} from '@platform/contract';

/**
 * The permission tree → menu entries and routes (management spec §2, platform spec §3
 * Permission). Pure, so the guard, the menus and the tests share one reading of the tree.
 */
export interface MenuEntry {
  id: string;
  title: string;
  /** Path under the school prefix, without a leading slash; '' when the entry has none. */
  path: string;
  /** The view to render (registry name); null for groups and external links. */
  view: string | null;
  /** Address opened in a new window (link type 2, or a url with http). */
  externalUrl: string | null;
  /** Dash-joined position; its first part picks the top item. */
  index: string;
  hidden: boolean;
  toJump: boolean;
  icon: string | null;
  /** Path of the menu to highlight when this entry is shown (for hidden detail pages). */
  activeMenu: string | null;
  keepAlive: boolean;
  /** Whether the entry has a route of its own. */
  routable: boolean;
  /** Ids from the top item down to the parent. */
  ancestors: string[];
  children: MenuEntry[];
}

export interface MenuRoutes {
  /** Every type-1 entry, as a tree (hidden ones included). */
  entries: MenuEntry[];
  /** Routable entries, flattened in tree order (hidden ones too: they can be opened, not seen). */
  routes: MenuEntry[];
  byPath: Map<string, MenuEntry>;
  /** Paths the signed-in area knows; anything else is a 404. */
  paths: Set<string>;
  /** Where the area's index goes: the first visible leaf. */
  firstLeaf: MenuEntry | null;
}

/** Splits an area path into its school prefix and the child path under it. */
export function splitAreaPath(pathname: string): { prefix: string; child: string } {
  const [prefix = '', ...rest] = pathname.replace(/^\/+/, '').split('/');
  return { prefix, child: rest.filter(Boolean).join('/') };
}

/** The address of an area path: menus push to /{schUrl}/{path}. */
export function areaPath(schUrl: string, path: string): string {
  return `/${schUrl}${path ? `/${path}` : ''}`;
}

export function normalizePath(path: string): string {
  return path.replace(/^\/+/, '').replace(/\/+$/, '');
}

function toEntries(
  nodes: readonly MenuNode[],
  parentIndex: string,
  ancestors: string[],
): MenuEntry[] {
  const menus = nodes
    .filter((n) => n.type === MenuType.MENU)
    .map((node, position) => ({ node, position }))
    .sort((a, b) => a.node.sort - b.node.sort || a.position - b.position);
  return menus.map(({ node }, i) => {
    const fields = parseCustomFields(node.customFields);
    const parsed = parseMenuUrl(node.url || node.path || '');
    const index = node.index || (parentIndex ? `${parentIndex}-${i}` : String(i));
    const children = toEntries(node.children ?? [], index, [...ancestors, node.id]);
    const externalUrl =
      node.linkType === LinkType.EXTERNAL && node.linkValue
        ? node.linkValue
        : parsed.external
          ? parsed.path
          : null;
    const path = externalUrl ? '' : normalizePath(parsed.path);
    const routable = !externalUrl && path !== '' && (children.length === 0 || node.toJump);
    const activeMenu = node.meta?.activeMenu ?? fields.activeMenu ?? null;
    return {
      id: node.id,
      title: node.name || node.meta?.title || fields.name || path,
      path,
      view: routable ? parsed.component || fields.component || path : null,
      externalUrl,
      index,
      hidden: node.hidden,
      toJump: node.toJump,
      icon: node.icon ?? node.meta?.icon ?? fields.icon ?? null,
      activeMenu: activeMenu ? normalizePath(activeMenu) : null,
      keepAlive: fields.keepAlive === 'true',
      routable,
      ancestors,
      children,
    };
  });
}

export function visibleChildren(entries: readonly MenuEntry[]): MenuEntry[] {
  return entries.filter((e) => !e.hidden);
}

/**
 * The first visible leaf, depth first: where a click on a group (or the area's index) goes.
 * Entries that only open external links are skipped.
 */
export function firstVisibleLeaf(entries: readonly MenuEntry[]): MenuEntry | null {
  for (const entry of visibleChildren(entries)) {
    const kids = visibleChildren(entry.children);
    if (kids.length === 0) {
      if (entry.routable) return entry;
      continue;
    }
    const found = firstVisibleLeaf(kids);
    if (found) return found;
  }
  return null;
}

export function buildMenuRoutes(tree: readonly MenuNode[]): MenuRoutes {
  const entries = toEntries(tree, '', []);
  const routes: MenuEntry[] = [];
  const byPath = new Map<string, MenuEntry>();
  const walk = (list: MenuEntry[]) => {
    for (const entry of list) {
      if (entry.routable && !byPath.has(entry.path)) {
        routes.push(entry);
        byPath.set(entry.path, entry);
      }
      walk(entry.children);
    }
  };
  walk(entries);
  return {
    entries,
    routes,
    byPath,
    paths: new Set(byPath.keys()),
    firstLeaf: firstVisibleLeaf(entries),
  };
}

/** What a click on a top item (or any menu entry) does. */
export type MenuTarget = { kind: 'external'; url: string } | { kind: 'route'; path: string } | null;

export function menuTarget(entry: MenuEntry): MenuTarget {
  if (entry.externalUrl) return { kind: 'external', url: entry.externalUrl };
  if (entry.toJump && entry.routable) return { kind: 'route', path: entry.path };
  const leaf = firstVisibleLeaf([entry]);
  return leaf ? { kind: 'route', path: leaf.path } : null;
}

/** The address a menu entry leads to (for links), or null when it leads nowhere. */
export function menuHref(schUrl: string, entry: MenuEntry): string | null {
  const target = menuTarget(entry);
  if (!target) return null;
  return target.kind === 'external' ? target.url : areaPath(schUrl, target.path);
}

/** The entry shown for an area path: its own entry, else the remembered active menu. */
export function currentEntry(
  menu: MenuRoutes,
  path: string,
  rememberedActivePath: string | null,
): MenuEntry | null {
  const own = menu.byPath.get(normalizePath(path));
  if (own) return own;
  return rememberedActivePath ? (menu.byPath.get(rememberedActivePath) ?? null) : null;
}

/** The entry whose menu item is highlighted: its activeMenu when it names one. */
export function highlightedEntry(menu: MenuRoutes, entry: MenuEntry | null): MenuEntry | null {
  if (!entry) return null;
  if (entry.activeMenu) return menu.byPath.get(entry.activeMenu) ?? entry;
  return entry;
}

/** The top item selected for an entry, found from the first part of its index. */
export function selectedTop(menu: MenuRoutes, entry: MenuEntry | null): MenuEntry | null {
  if (!entry) return null;
  const top = topIndexOf(entry.index);
  return menu.entries.find((e) => topIndexOf(e.index) === top) ?? null;
}
