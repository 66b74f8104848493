REPLACE INTO `tickets64` (`stub`) VALUES ('a');;
