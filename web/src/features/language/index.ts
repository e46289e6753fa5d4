export { LanguageControl, languageFlag } from './components/language-control.tsx';
