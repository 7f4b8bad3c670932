import type { SVGProps } from 'react';

// The app's inline icons (24×24 grid, stroke = currentColor). Decorative: the control that holds one carries
// the accessible name.
type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function Icon({ size = 24, children, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

export const MenuIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 7h16M4 12h16M4 17h16" />
  </Icon>
);

export const CloseIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6 6l12 12M18 6L6 18" />
  </Icon>
);

export const ChevronDownIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6 9l6 6 6-6" />
  </Icon>
);

export const ChevronRightIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M9 6l6 6-6 6" />
  </Icon>
);

export const ChevronLeftIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M15 6l-6 6 6 6" />
  </Icon>
);

export const BagIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M5.5 8h13l-1 12.5h-11L5.5 8z" />
    <path d="M9 10V7a3 3 0 0 1 6 0v3" />
  </Icon>
);

export const UserIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="8.5" r="3.5" />
    <path d="M5 20c.8-3.5 3.6-5.5 7-5.5s6.2 2 7 5.5" />
  </Icon>
);

export const MailIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="5.5" width="18" height="13" rx="2" />
    <path d="M3.5 7l8.5 6 8.5-6" />
  </Icon>
);

export const TelegramIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M21 4.5L3 11.6l5.6 2 2.1 6.4 3.2-3.7 4.6 3.3L21 4.5z" />
    <path d="M8.6 13.6L18 7.2l-7.3 8.2" />
  </Icon>
);

export const WhatsAppIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4.2 19.8l1.2-4.1A8.3 8.3 0 1 1 8.6 19l-4.4.8z" />
    <path d="M9.2 8.4c.3-.4.7-.4 1-.1l.8 1.4c.2.3.1.6-.1.9l-.5.6c.6 1.2 1.5 2.1 2.7 2.7l.6-.5c.3-.2.6-.3.9-.1l1.4.8c.3.3.3.7-.1 1-.9.9-2.1 1-3.3.4a8.4 8.4 0 0 1-3.8-3.8c-.6-1.2-.5-2.4.4-3.3z" />
  </Icon>
);

export const WeChatIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M15.6 9.2C15 6.2 12.2 4 8.8 4 5 4 2 6.6 2 9.8c0 1.8 1 3.4 2.5 4.5L4 16.5l2.6-1.3c.7.2 1.4.3 2.2.3" />
    <path d="M22 14.6c0-2.8-2.7-5-6-5s-6 2.2-6 5 2.7 5 6 5c.6 0 1.2-.1 1.8-.2l2.3 1.1-.5-1.9c1.5-.9 2.4-2.3 2.4-4z" />
    <path d="M6.5 8.3h.01M11 8.3h.01M14 13.6h.01M18 13.6h.01" strokeWidth={2.4} />
  </Icon>
);

/** The brand mark: a tea leaf on a rounded green tile (same drawing as the favicon). */
export const PlusIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 5v14M5 12h14" />
  </Icon>
);

export const MinusIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M5 12h14" />
  </Icon>
);

export const TrashIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 7h16M9 7V4.5h6V7M6.5 7l1 12.5h9l1-12.5M10 11v5M14 11v5" />
  </Icon>
);

export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false" className="logo-mark">
      <rect width="64" height="64" rx="16" fill="var(--c-brand, #2f6b4f)" />
      <path d="M18 40c0-12 10-22 28-24-2 16-12 26-24 26-2 0-3-1-4-2z" fill="#cfe8b8" />
      <path
        d="M20 44c6-8 12-14 22-22"
        stroke="var(--c-brand, #2f6b4f)"
        strokeWidth="3"
        fill="none"
        strokeLinecap="round"
      />
    </svg>
  );
}

export const SearchIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="M16 16l4.5 4.5" />
  </Icon>
);

export const ShareIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="18" cy="5.5" r="2.5" />
    <circle cx="6" cy="12" r="2.5" />
    <circle cx="18" cy="18.5" r="2.5" />
    <path d="M8.2 10.8l7.6-4.1M8.2 13.2l7.6 4.1" />
  </Icon>
);

export const ExpandIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
  </Icon>
);
