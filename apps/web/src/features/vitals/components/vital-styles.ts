// The Mantine styles of the graphs and the patient health tab (issue 6 item 9), loaded with them.
import '../../check-in-task/task-styles.ts';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/RadioIndicator.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/charts/styles.css';
