// What frames every page, public or signed in: the product's logo and the language switch.
export { Logo } from './Logo';
export { LanguageMenu } from './LanguageMenu';
