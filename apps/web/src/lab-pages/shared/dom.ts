type Child = Node | string | null | undefined | false;

interface Props {
  className?: string;
  text?: string;
  attrs?: Record<string, string>;
}

/** A small element builder: these pages use the DOM directly to stay small. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props = {},
  children: Child[] = [],
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  if (props.className) element.className = props.className;
  if (props.text !== undefined) element.textContent = props.text;
  for (const [name, value] of Object.entries(props.attrs ?? {})) element.setAttribute(name, value);
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child);
  }
  return element;
}

export const svgNs = 'http://www.w3.org/2000/svg';
