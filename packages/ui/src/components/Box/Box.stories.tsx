import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box } from './Box';

const meta = {
  title: 'Foundations/Box',
  component: Box,
  tags: ['autodocs'],
} satisfies Meta<typeof Box>;
export default meta;
type Story = StoryObj<typeof meta>;

const tile = (label: string) => (
  <Box key={label} padding="medium" background="surface" borderRadius="medium" boxShadow="small">
    {label}
  </Box>
);

export const ResponsiveStack: Story = {
  render: () => (
    <Box display="flex" flexDirection={{ mobile: 'column', tablet: 'row' }} gap={{ mobile: 'small', desktop: 'large' }}>
      {['Ongoing', 'To call', 'Answerers'].map(tile)}
    </Box>
  ),
};

export const HoverBackground: Story = {
  render: () => (
    <Box as="section" padding="large" background={{ default: 'surface', hover: 'surfaceHover' }} borderRadius="large">
      Hover me
    </Box>
  ),
};

export const MobileColumns: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  render: ResponsiveStack.render,
};
