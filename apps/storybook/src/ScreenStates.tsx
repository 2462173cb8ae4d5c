import { useOf, type Of } from '@storybook/addon-docs/blocks';
import type { ReactNode } from 'react';

/**
 * The Overview page of a screen: its states side by side, each a live thumbnail of the story (rendered in a frame of
 * its own, with its mocked API and its play function, as the story itself), its name linking to the story, and when
 * the state appears. Used by the screens' MDX pages in ./screens.
 */
export function ScreenStates({ children }: { children: ReactNode }) {
  return (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(330px, 1fr))',
        gap: 24,
        margin: '24px 0',
      }}
    >
      {children}
    </div>
  );
}

const SCALE = 0.32;

/** One state: `of` is the story's export, the children say when a user meets it. */
export function ScreenState({
  of,
  width = 1024,
  height = 768,
  children,
}: {
  of: Of;
  /** The story's viewport, when it is not the desktop one (a phone: 390 × 844). */
  width?: number;
  height?: number;
  children: ReactNode;
}) {
  const { story } = useOf(of, ['story']);
  return (
    <figure style={{ margin: 0 }}>
      <div
        style={{
          width: width * SCALE,
          height: height * SCALE,
          overflow: 'hidden',
          border: '1px solid #d0d5dd',
          borderRadius: 6,
        }}
      >
        <iframe
          title={`${story.title}: ${story.name}`}
          src={`iframe.html?id=${story.id}&viewMode=story`}
          loading="lazy"
          tabIndex={-1}
          style={{
            width,
            height,
            border: 0,
            transform: `scale(${SCALE})`,
            transformOrigin: '0 0',
            pointerEvents: 'none',
          }}
        />
      </div>
      <figcaption style={{ marginTop: 8 }}>
        <a href={`./?path=/story/${story.id}`} target="_top" style={{ fontWeight: 600 }}>
          {story.name}
        </a>
        <div style={{ fontSize: 14, lineHeight: 1.45 }}>{children}</div>
      </figcaption>
    </figure>
  );
}
