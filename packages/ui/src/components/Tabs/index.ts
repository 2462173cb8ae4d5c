export {
  Tabs,
  TabsContent,
  TabsList,
  TabsRoot,
  TabsTrigger,
  type TabItem,
  type TabsProps,
} from './Tabs';
