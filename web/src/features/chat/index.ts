/** Chat with Gomeum: the top-right button and its panel. */
export { ChatWidget } from './components/chat-widget.tsx';
