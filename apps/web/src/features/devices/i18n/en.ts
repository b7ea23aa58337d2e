// Devices and push notifications (spec 1 §4 device registration). English texts of this feature.
export const devicesEn = {
  'notifications.enable': 'Turn on notifications',
};
