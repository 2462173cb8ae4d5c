export {
  Card,
  cardElevations,
  cardPaddings,
  cardTitleLevels,
  type CardElevation,
  type CardPadding,
  type CardProps,
  type CardTitleLevel,
} from './Card';
