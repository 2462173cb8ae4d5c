export { FlipCard, type FlipCardProps } from './FlipCard';
