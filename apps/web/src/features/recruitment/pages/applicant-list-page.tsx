import type { ReactNode } from 'react';

export default function Page(): ReactNode {
  return null;
}
