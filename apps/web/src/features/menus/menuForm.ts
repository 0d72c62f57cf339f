import {
  LinkType,
  MenuType,
  type MenuAdminNode,
  type MenuForm,
  type MenuSave,
} from '@platform/contract';

/** The editor's values: the contract's form plus the parent (undefined is the top level). */
export interface MenuFormValues {
  parentId: string | undefined;
  type: 1 | 2;
  name: string;
  nameEn: string;
  url: string;
  sort: number | null;
  hidden: boolean;
  icon: string;
  customFields: string;
  linkType: 1 | 2;
  linkValue: string;
}

export const menuFormFields = [
  'type',
  'name',
  'nameEn',
  'url',
  'sort',
  'hidden',
  'icon',
  'customFields',
  'linkType',
  'linkValue',
] as const satisfies readonly (keyof MenuForm)[];

/** Fields the server may put an error on. */
export const menuServerFields = [...menuFormFields, 'parentId'] as const;

const asType = (value: number): 1 | 2 => (value === MenuType.BUTTON ? 2 : 1);
const asLinkType = (value: number): 1 | 2 => (value === LinkType.EXTERNAL ? 2 : 1);

/** Initial values: the entry's own, or a new entry under `parent` after its last child. */
export function menuFormValuesOf(
  node: MenuAdminNode | undefined,
  parent: MenuAdminNode | undefined,
  siblings: readonly MenuAdminNode[],
): MenuFormValues {
  if (node) {
    return {
      parentId: node.parentId ?? undefined,
      type: asType(node.type),
      name: node.name,
      nameEn: node.nameEn ?? '',
      url: node.url,
      sort: node.sort,
      hidden: node.hidden,
      icon: node.icon ?? '',
      customFields: node.customFields ?? '',
      linkType: asLinkType(node.linkType),
      linkValue: node.linkValue ?? '',
    };
  }
  return {
    parentId: parent?.id,
    type: 1,
    name: '',
    nameEn: '',
    url: '',
    sort: siblings.reduce((max, s) => Math.max(max, s.sort), 0) + 1,
    hidden: false,
    icon: '',
    customFields: '',
    linkType: 1,
    linkValue: '',
  };
}

/** The request body. A button has no url, icon or link. */
export function menuSaveBodyOf(
  values: MenuFormValues,
  context: { id?: string | undefined; appId: string },
): MenuSave {
  const button = values.type === MenuType.BUTTON;
  return {
    ...(context.id ? { id: context.id } : {}),
    appId: context.appId,
    parentId: values.parentId ?? null,
    type: values.type,
    name: values.name,
    nameEn: values.nameEn,
    url: button ? '' : values.url,
    sort: values.sort ?? 0,
    hidden: values.hidden,
    icon: button ? '' : values.icon,
    customFields: values.customFields,
    linkType: button ? 1 : values.linkType,
    linkValue: button || values.linkType !== LinkType.EXTERNAL ? '' : values.linkValue,
  };
}

/** The entry and every entry below it: none of them may become its parent. */
export function subtreeIds(node: MenuAdminNode): Set<string> {
  const ids = new Set<string>();
  const walk = (n: MenuAdminNode) => {
    ids.add(n.id);
    n.children.forEach(walk);
  };
  walk(node);
  return ids;
}

/** An entry's name in the UI language. */
export function menuNameOf(node: Pick<MenuAdminNode, 'name' | 'nameEn'>, lang: 'zh' | 'en') {
  return (lang === 'en' ? node.nameEn : null) || node.name;
}
