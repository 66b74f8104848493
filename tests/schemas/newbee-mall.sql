-- A schema in the style of newbee-ltd/newbee-mall
-- (src/main/resources/newbee_mall_schema.sql), a MySQL dump: SET session
-- statements, DROP TABLE IF EXISTS, back-quoted names, CHARACTER SET and
-- COLLATE on columns, COMMENT on columns and tables, MySQL's backslash
-- escapes in strings (DEFAULT '\'##\''), DEFAULT
-- CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP, PRIMARY KEY ... USING
-- BTREE, table options ENGINE = InnoDB AUTO_INCREMENT = 4 CHARACTER SET =
-- utf8 COLLATE = utf8_general_ci ROW_FORMAT = Dynamic. Written for
-- keyplan's tests.

SET NAMES utf8mb4;
SET FOREIGN_KEY_CHECKS = 0;

DROP TABLE IF EXISTS `tb_newbee_mall_admin_user`;
CREATE TABLE `tb_newbee_mall_admin_user`  (
  `admin_user_id` int(11) NOT NULL AUTO_INCREMENT COMMENT 'admin id',
  `login_user_name` varchar(50) CHARACTER SET utf8 COLLATE utf8_general_ci NOT NULL COMMENT 'login name',
  `locked` tinyint(4) NULL DEFAULT 0 COMMENT '0 unlocked, 1 locked',
  `redirect_url` varchar(100) CHARACTER SET utf8 NOT NULL DEFAULT '\'##\'' COMMENT 'where to go (\'##\': stay)',
  PRIMARY KEY (`admin_user_id`) USING BTREE
) ENGINE = InnoDB AUTO_INCREMENT = 4 CHARACTER SET = utf8 COLLATE = utf8_general_ci ROW_FORMAT = Dynamic;

DROP TABLE IF EXISTS `tb_newbee_mall_order_item`;
CREATE TABLE `tb_newbee_mall_order_item`  (
  `order_item_id` bigint(20) NOT NULL AUTO_INCREMENT COMMENT 'order item id',
  `order_id` bigint(20) NOT NULL DEFAULT 0 COMMENT 'order id',
  `goods_name` varchar(200) CHARACTER SET utf8 COLLATE utf8_general_ci NOT NULL DEFAULT '' COMMENT 'name',
  `create_time` datetime(0) NOT NULL DEFAULT CURRENT_TIMESTAMP COMMENT 'created',
  `update_time` datetime NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
  PRIMARY KEY (`order_item_id`) USING BTREE,
  KEY `idx_order_id` (`order_id`) USING BTREE
) ENGINE = InnoDB AUTO_INCREMENT = 1 DEFAULT CHARSET = utf8mb4 COMMENT = 'order items' ROW_FORMAT = Dynamic;

INSERT INTO `tb_newbee_mall_admin_user` VALUES (1, 'admin', 0, '##');

SET FOREIGN_KEY_CHECKS = 1;
